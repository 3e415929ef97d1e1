-- The cage's durable state. Only the supervisor writes scheduling state; the intake inserts a batch
-- (state 'pending') before asking for a decision, so an admitted batch is never only in memory.

create table runs (
  id          text primary key,
  kind        text not null check (kind in ('live', 'exhibit')),
  policy      text not null,
  scenario    text not null,
  seed        bigint not null,
  admission   text not null,
  duration_s  double precision,
  state       text not null check (state in ('running', 'finished', 'interrupted')),
  started_at  timestamptz not null,
  ended_at    timestamptz,
  record      jsonb
);

create table batches (
  id            bigserial primary key,
  run_id        text references runs (id),
  task          int,
  origin        text not null check (origin in ('http', 'press', 'exhibit')),
  preset        text not null,
  long_edge     int not null,
  state         text not null check (state in
                  ('pending', 'admitted', 'refused', 'met', 'late', 'abandoned', 'cancelled')),
  arrived_at    timestamptz not null,
  deadline_at   timestamptz not null,
  finished_at   timestamptz,
  reason        text,
  retry_after_s double precision
);
create index batches_open on batches (state) where state in ('pending', 'admitted');

create table images (
  id          bigserial primary key,
  batch_id    bigint not null references batches (id),
  idx         int not null,
  source      text not null,
  output      text not null,
  width       int not null,
  height      int not null,
  predicted_s double precision not null,
  state       text not null default 'queued' check (state in ('queued', 'done', 'dead', 'cancelled')),
  strikes     int not null default 0,
  done_at     timestamptz,
  unique (batch_id, idx)
);
create index images_batch on images (batch_id);

create table dead_letters (
  image_id   bigint primary key references images (id),
  batch_id   bigint not null references batches (id),
  source     text not null,
  moved_to   text not null,
  strikes    int not null,
  reason     text,
  at         timestamptz not null default now()
);

-- Every event and sample of a run, appended at each checkpoint: the live stream's durable copy,
-- from which the record of a run cut short by a crash is rebuilt.
create table run_events (
  run_id  text not null references runs (id),
  seq     int not null,
  t       double precision not null,
  type    text not null,
  worker  int not null,
  task    int not null,
  image   int not null,
  value   double precision not null,
  note    text,
  primary key (run_id, seq)
);

create table run_samples (
  run_id     text not null references runs (id),
  seq        int not null,
  t          double precision not null,
  workers    int not null,
  busy       int not null,
  queue      int not null,
  memory_mb  double precision not null,
  primary key (run_id, seq)
);

-- The supervisor's cursors, written with every checkpoint.
create table checkpoints (
  run_id      text primary key references runs (id),
  event_seq   int not null,
  sample_seq  int not null,
  at          timestamptz not null
);
