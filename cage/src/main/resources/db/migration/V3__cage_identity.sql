-- Each cage owns its runs and batches: the id of the cage that wrote them, taken from the session
-- (the cage's connections set helperlab.cage_id). Rows from before this are nobody's ('') and no
-- cage's recovery takes them over.
alter table runs add column cage_id text not null default coalesce(current_setting('helperlab.cage_id', true), '');
alter table batches add column cage_id text not null default coalesce(current_setting('helperlab.cage_id', true), '');
update runs set cage_id = '';
update batches set cage_id = '';
create index batches_cage_state on batches (cage_id, state);
create index runs_cage_state on runs (cage_id, state);
