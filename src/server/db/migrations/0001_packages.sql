CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "package_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status_code" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"seller_name" text DEFAULT '' NOT NULL,
	"shipper" text DEFAULT '' NOT NULL,
	"weight" numeric(10, 2) DEFAULT '0' NOT NULL,
	"length" numeric(10, 2) DEFAULT '0' NOT NULL,
	"width" numeric(10, 2) DEFAULT '0' NOT NULL,
	"height" numeric(10, 2) DEFAULT '0' NOT NULL,
	"declared_value_cents" integer DEFAULT 0 NOT NULL,
	"status_code" text NOT NULL,
	"prealert_id" uuid,
	"received_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prealert_files" (
	"prealert_id" uuid NOT NULL,
	"file_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prealerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tracking_number" text NOT NULL,
	"seller_name" text NOT NULL,
	"description" text NOT NULL,
	"weight" numeric(10, 2) NOT NULL,
	"value_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"package_type" text NOT NULL,
	"height" numeric(10, 2) DEFAULT '0' NOT NULL,
	"length" numeric(10, 2) DEFAULT '0' NOT NULL,
	"width" numeric(10, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"package_id" uuid,
	"matched_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_receipts" ADD CONSTRAINT "package_receipts_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_receipts" ADD CONSTRAINT "package_receipts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_receipts" ADD CONSTRAINT "package_receipts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_receipts" ADD CONSTRAINT "package_receipts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prealert_files" ADD CONSTRAINT "prealert_files_prealert_id_prealerts_id_fk" FOREIGN KEY ("prealert_id") REFERENCES "public"."prealerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prealert_files" ADD CONSTRAINT "prealert_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prealerts" ADD CONSTRAINT "prealerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prealerts" ADD CONSTRAINT "prealerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "package_events_package_idx" ON "package_events" USING btree ("package_id","created_at");--> statement-breakpoint
CREATE INDEX "package_receipts_package_idx" ON "package_receipts" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "packages_user_created_idx" ON "packages" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "packages_company_status_idx" ON "packages" USING btree ("company_id","status_code","created_at");--> statement-breakpoint
CREATE INDEX "packages_company_tracking_idx" ON "packages" USING btree ("company_id","tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "prealert_files_pk" ON "prealert_files" USING btree ("prealert_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prealerts_user_tracking_live_uq" ON "prealerts" USING btree ("company_id","user_id","tracking_number") WHERE status <> 'cancelled';--> statement-breakpoint
CREATE INDEX "prealerts_company_tracking_idx" ON "prealerts" USING btree ("company_id","tracking_number");--> statement-breakpoint
CREATE INDEX "prealerts_user_created_idx" ON "prealerts" USING btree ("user_id","created_at");