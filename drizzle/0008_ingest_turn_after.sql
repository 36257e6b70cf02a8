-- The turn of an ingest batch planned ahead (src/modules/ingest/batch-writer.ts), taken in the same round trip
-- as the batch's writes: BEGIN, this, the writes and COMMIT are sent at once. It increments ingest_epoch only
-- if no batch was committed since the batch's plan read (the count its plan assumed); otherwise it raises
-- LG001, the transaction is aborted, the writes after it fail, the COMMIT rolls back, and the batch is planned
-- again in a transaction of its own.
CREATE OR REPLACE FUNCTION ingest_take_turn_after(expected bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  taken bigint;
BEGIN
  UPDATE ingest_epoch SET epoch = epoch + 1 WHERE id = 1 AND epoch = expected RETURNING epoch INTO taken;
  IF taken IS NULL THEN
    RAISE EXCEPTION 'another ingest committed since this batch was planned' USING ERRCODE = 'LG001';
  END IF;
  RETURN taken;
END
$$;
