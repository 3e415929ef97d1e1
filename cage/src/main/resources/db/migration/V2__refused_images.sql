-- A refused batch's images were never queued: they say so ('refused'), in the store and in
-- GET /batches/{id}. The trigger keeps it true on every path that refuses a batch (the decision the
-- intake records, the checkpoint's copy of it).
alter table images drop constraint images_state_check;
alter table images add constraint images_state_check
  check (state in ('queued', 'done', 'dead', 'cancelled', 'refused'));

update images set state = 'refused'
  where state = 'queued' and batch_id in (select id from batches where state = 'refused');

create function refuse_images_of_refused_batch() returns trigger language plpgsql as $$
begin
  update images set state = 'refused' where batch_id = new.id and state = 'queued';
  return new;
end
$$;

create trigger batch_refused after update of state on batches
  for each row when (new.state = 'refused' and old.state is distinct from 'refused')
  execute function refuse_images_of_refused_batch();
