-- A batch whose every input was taken away after admission ends as such, not as merely late.
alter table batches drop constraint batches_state_check;
alter table batches add constraint batches_state_check check (state in
  ('pending', 'admitted', 'refused', 'met', 'late', 'abandoned', 'cancelled', 'inputs_gone'));
