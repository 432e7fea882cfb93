-- A finished match is public only once its spectators have seen the end: finished_at plus the
-- table's spectator delay (table.finished's spectator_delay_seconds, 0 when absent). The result
-- is stored and rated at once; the read API hides it until visible_at_ms.
-- depends: 0001_scoring_schema

-- Matches stored before had no delay: visible at once (0).
ALTER TABLE scoring.matches ADD COLUMN visible_at_ms bigint NOT NULL DEFAULT 0;
-- The matches still hidden are the few with visible_at_ms in the future.
CREATE INDEX matches_visible_at ON scoring.matches (visible_at_ms);
