-- An exhibit's offered load and trigger, so a cage restarted mid-exhibit rebuilds the arrivals it was playing
-- (null: a live run, or an exhibit at its scenario's own load without a trigger).
alter table runs add column offered_load double precision;
alter table runs add column trigger_spec jsonb;
