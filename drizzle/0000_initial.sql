CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_classified_id" uuid,
	"status" text NOT NULL,
	"description" text,
	"property_type" text NOT NULL,
	"transaction_type" text NOT NULL,
	"insee_code" text NOT NULL,
	"city_name" text NOT NULL,
	"postcode" text NOT NULL,
	"department" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"area" double precision,
	"room_count" integer,
	"bedroom_count" integer,
	"balcony_exists" boolean,
	"terrace_exists" boolean,
	"parking_exists" boolean,
	"cellar_exists" boolean,
	"elevator_exists" boolean,
	"garage_exists" boolean,
	"garden_exists" boolean,
	"swimming_pool_exists" boolean,
	"is_program" boolean,
	"dpe_label" text,
	"ges_label" text,
	"price_initial" integer NOT NULL,
	"price_current" integer NOT NULL,
	"price_per_square_meter" integer,
	"price_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_changed_at" timestamp with time zone,
	"source_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_domains_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_modified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classifieds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"url_key" text NOT NULL,
	"source_domain" text NOT NULL,
	"source_url" text NOT NULL,
	"status" text NOT NULL,
	"title" text,
	"description" text,
	"content_hash" text NOT NULL,
	"publisher_is_professional" boolean,
	"publisher_type" text,
	"publisher_name" text,
	"publisher_email" text,
	"publisher_phone" text,
	"publisher_fees_url" text,
	"publisher_siren" text,
	"publisher_siret" text,
	"contact_name" text,
	"contact_email" text,
	"contact_phone" text,
	"contact_is_refusing_solicitation" boolean,
	"insee_code" text NOT NULL,
	"city_name" text NOT NULL,
	"postcode" text NOT NULL,
	"department" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"property_type" text NOT NULL,
	"area" double precision,
	"land_area" double precision,
	"living_room_area" double precision,
	"balcony_area" double precision,
	"terrace_area" double precision,
	"room_count" integer,
	"bedroom_count" integer,
	"bathroom_count" integer,
	"shower_room_count" integer,
	"toilet_count" integer,
	"balcony_count" integer,
	"terrace_count" integer,
	"floor" integer,
	"floor_count" integer,
	"construction_year" integer,
	"renovation_year" integer,
	"orientation" text,
	"balcony_exists" boolean,
	"terrace_exists" boolean,
	"parking_exists" boolean,
	"air_conditioning_exists" boolean,
	"alarm_exists" boolean,
	"attic_exists" boolean,
	"caretaker_exists" boolean,
	"cellar_exists" boolean,
	"door_code_exists" boolean,
	"elevator_exists" boolean,
	"fireplace_exists" boolean,
	"garage_exists" boolean,
	"garden_exists" boolean,
	"intercom_exists" boolean,
	"swimming_pool_exists" boolean,
	"toilet_separate_exists" boolean,
	"is_condominium" boolean,
	"is_disabled_friendly" boolean,
	"is_dual_aspect" boolean,
	"is_new" boolean,
	"is_occupied" boolean,
	"renovation_is_needed" boolean,
	"property_is_program" boolean,
	"dpe_label" text,
	"dpe_value" integer,
	"dpe_date" timestamp with time zone,
	"ges_label" text,
	"ges_value" integer,
	"ges_date" timestamp with time zone,
	"heating_source" text,
	"heating_system" text,
	"heating_type" text,
	"transaction_type" text NOT NULL,
	"is_exclusive_mandate" boolean,
	"price_initial" integer NOT NULL,
	"price_current" integer NOT NULL,
	"price_per_square_meter" integer,
	"published_at" timestamp with time zone,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"last_modified_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "classified_price_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classified_id" uuid NOT NULL,
	"value" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classified_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classified_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"perceptual_hash" text,
	"difference_hash" text,
	"average_hash" text
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"plan" text NOT NULL,
	"all_departments" boolean DEFAULT false NOT NULL,
	"departments" text[] DEFAULT '{}'::text[] NOT NULL,
	"sirens" text[] DEFAULT '{}'::text[] NOT NULL,
	"sirets" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"scopes" text[] DEFAULT '{read}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"department" text NOT NULL,
	"property_type" text NOT NULL,
	"transaction_type" text NOT NULL,
	"source_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"sirens" text[] DEFAULT '{}'::text[] NOT NULL,
	"sirets" text[] DEFAULT '{}'::text[] NOT NULL,
	"changed_fields" text[] DEFAULT '{}'::text[] NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "classifieds" ADD CONSTRAINT "classifieds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classified_price_history" ADD CONSTRAINT "classified_price_history_classified_id_classifieds_id_fk" FOREIGN KEY ("classified_id") REFERENCES "public"."classifieds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classified_images" ADD CONSTRAINT "classified_images_classified_id_classifieds_id_fk" FOREIGN KEY ("classified_id") REFERENCES "public"."classifieds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_department_idx" ON "properties" USING btree ("department","transaction_type","property_type");--> statement-breakpoint
CREATE INDEX "properties_insee_code_idx" ON "properties" USING btree ("insee_code","property_type");--> statement-breakpoint
CREATE INDEX "properties_postcode_idx" ON "properties" USING btree ("postcode");--> statement-breakpoint
CREATE INDEX "properties_price_idx" ON "properties" USING btree ("price_current");--> statement-breakpoint
CREATE INDEX "properties_price_per_sqm_idx" ON "properties" USING btree ("price_per_square_meter");--> statement-breakpoint
CREATE INDEX "properties_area_idx" ON "properties" USING btree ("area");--> statement-breakpoint
CREATE INDEX "properties_rooms_idx" ON "properties" USING btree ("room_count","bedroom_count");--> statement-breakpoint
CREATE INDEX "properties_coordinates_idx" ON "properties" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "properties_first_seen_idx" ON "properties" USING btree ("first_seen_at");--> statement-breakpoint
CREATE INDEX "properties_last_seen_idx" ON "properties" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "properties_last_modified_idx" ON "properties" USING btree ("last_modified_at");--> statement-breakpoint
CREATE INDEX "properties_price_changed_idx" ON "properties" USING btree ("price_changed_at");--> statement-breakpoint
CREATE INDEX "properties_source_domains_idx" ON "properties" USING gin ("source_domains");--> statement-breakpoint
CREATE UNIQUE INDEX "classifieds_url_key_idx" ON "classifieds" USING btree ("url_key");--> statement-breakpoint
CREATE INDEX "classifieds_property_idx" ON "classifieds" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "classifieds_department_idx" ON "classifieds" USING btree ("department");--> statement-breakpoint
CREATE INDEX "classifieds_insee_type_idx" ON "classifieds" USING btree ("insee_code","property_type");--> statement-breakpoint
CREATE INDEX "classifieds_publisher_siren_idx" ON "classifieds" USING btree ("publisher_siren");--> statement-breakpoint
CREATE INDEX "classifieds_publisher_siret_idx" ON "classifieds" USING btree ("publisher_siret");--> statement-breakpoint
CREATE INDEX "classifieds_last_modified_idx" ON "classifieds" USING btree ("last_modified_at");--> statement-breakpoint
CREATE INDEX "classified_price_history_classified_idx" ON "classified_price_history" USING btree ("classified_id","observed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "classified_images_position_idx" ON "classified_images" USING btree ("classified_id","position");--> statement-breakpoint
CREATE INDEX "classified_images_perceptual_hash_idx" ON "classified_images" USING btree ("perceptual_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_idx" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_account_idx" ON "api_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "events_resource_idx" ON "events" USING btree ("resource_id","id");--> statement-breakpoint
CREATE INDEX "events_occurred_at_idx" ON "events" USING btree ("occurred_at");