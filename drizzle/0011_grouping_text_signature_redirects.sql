CREATE TABLE "property_redirects" (
	"from_id" uuid PRIMARY KEY NOT NULL,
	"to_id" uuid NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classifieds" ADD COLUMN "text_signature" text;--> statement-breakpoint
CREATE INDEX "property_redirects_to_idx" ON "property_redirects" USING btree ("to_id");