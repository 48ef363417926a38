CREATE TABLE "pickup_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"authorized_person_id" uuid,
	"code" text NOT NULL,
	"token" text NOT NULL,
	"package_ids" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storage_reminders" (
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"free_until" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_reminders_package_id_kind_free_until_pk" PRIMARY KEY("package_id","kind","free_until")
);
--> statement-breakpoint
ALTER TABLE "pickup_passes" ADD CONSTRAINT "pickup_passes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_passes" ADD CONSTRAINT "pickup_passes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_passes" ADD CONSTRAINT "pickup_passes_authorized_person_id_authorized_persons_id_fk" FOREIGN KEY ("authorized_person_id") REFERENCES "public"."authorized_persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_reminders" ADD CONSTRAINT "storage_reminders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_passes_code_uq" ON "pickup_passes" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "pickup_passes_token_uq" ON "pickup_passes" USING btree ("token") WHERE superseded_at IS NULL;--> statement-breakpoint
CREATE INDEX "pickup_passes_user_idx" ON "pickup_passes" USING btree ("company_id","user_id","issued_at");