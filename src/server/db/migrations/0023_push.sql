CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_name" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "push_vapid_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_one_row" CHECK ("push_vapid_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "notification_prefs" SET DEFAULT '{"package_received_push":true,"package_received_email":true,"package_held_push":true,"package_held_email":true,"package_ready_push":true,"package_ready_email":true,"invoice_issued_push":true,"invoice_issued_email":true,"payment_received_push":true,"payment_received_email":true,"email_package_updates":true,"email_invoices":true,"email_purchase_requests":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hold_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- hand-written: each user's per-event e-mail choices start from their earlier ones (parcel updates → received,
-- held, ready; invoices → invoice issued, payment received); push starts on (it reaches only devices they subscribe).
-- Keys a user already has are kept (the right-hand side of || wins).
UPDATE "users" SET "notification_prefs" = jsonb_build_object(
  'package_received_push', true,
  'package_held_push', true,
  'package_ready_push', true,
  'invoice_issued_push', true,
  'payment_received_push', true,
  'package_received_email', COALESCE("notification_prefs"->'email_package_updates', 'true'::jsonb),
  'package_held_email', COALESCE("notification_prefs"->'email_package_updates', 'true'::jsonb),
  'package_ready_email', COALESCE("notification_prefs"->'email_package_updates', 'true'::jsonb),
  'invoice_issued_email', COALESCE("notification_prefs"->'email_invoices', 'true'::jsonb),
  'payment_received_email', COALESCE("notification_prefs"->'email_invoices', 'true'::jsonb),
  'email_package_updates', true,
  'email_invoices', true,
  'email_purchase_requests', true
) || "notification_prefs";
