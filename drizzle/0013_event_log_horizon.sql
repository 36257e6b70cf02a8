CREATE TABLE "event_log_horizon" (
	"id" smallint PRIMARY KEY NOT NULL,
	"pruned_through" bigint NOT NULL,
	"pruned_at" timestamp with time zone NOT NULL
);
