-- Request counts are written on every API request: as an unlogged table they cost no WAL and no flush to disk
-- at each commit. A crash empties the table, which only starts the current rate-limit windows over.
ALTER TABLE "rate_limit_windows" SET UNLOGGED;
