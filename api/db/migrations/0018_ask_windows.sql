-- The assistant's limit (30 questions a minute per address), kept here rather than in a process's
-- memory so that every API process sharing the database counts the same questions
-- (api/assistant/ask-rate.ts). One row per address: the minute it opened and the questions asked in
-- it. Short-lived, never backed up; rows whose minute ended long ago are removed now and then.
CREATE TABLE ask_windows (
  ip text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  questions integer NOT NULL
);
CREATE INDEX ask_windows_started_at ON ask_windows (started_at);
