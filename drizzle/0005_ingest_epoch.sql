CREATE TABLE "ingest_epoch" (
	"id" smallint PRIMARY KEY NOT NULL,
	"epoch" bigint NOT NULL
);
