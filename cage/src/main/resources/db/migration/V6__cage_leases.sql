-- Each cage identity's fencing token: the epoch goes up by one every time a cage takes the identity, and every write
-- of a cage (its checkpoints, its decisions, its take-back) first checks, in the same transaction, that the epoch is
-- still the one it took. A cage that lost its hold (its advisory lock died with its session in a database restart,
-- and another took the identity meanwhile) is refused by the database itself. The holder (host, process id, the
-- process's start, and a token of its own) lets a starting cage tell a live holder on this host from a dead one.
create table cage_leases (
  cage_id   text primary key,
  epoch     bigint not null,
  host      text not null,
  pid       bigint not null,
  started   text not null,
  token     text not null,
  taken_at  timestamptz not null default now()
);
