-- A private table's match (table.finished's "private", false when absent) is stored and rated
-- like any other, but the read API shows it to nobody: not as a match, not in a history.
-- depends: 0002_spectator_delay

ALTER TABLE scoring.matches ADD COLUMN private boolean NOT NULL DEFAULT false;
