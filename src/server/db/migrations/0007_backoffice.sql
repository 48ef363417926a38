CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"actor_id" uuid,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"mode" text NOT NULL,
	"status_code" text DEFAULT 'open' NOT NULL,
	"departs_on" date,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "package_receipts" ADD COLUMN "kind" text DEFAULT 'document' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "house_awb" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "package_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "pieces" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "fragile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hazardous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "signature_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "customs_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "consignee_hint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "shipment_id" uuid;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "received_by" uuid;--> statement-breakpoint
ALTER TABLE "prealerts" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("company_id","entity","entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_company_reference_uq" ON "shipments" USING btree ("company_id","reference");--> statement-breakpoint
CREATE INDEX "shipments_company_created_idx" ON "shipments" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packages_company_shipment_idx" ON "packages" USING btree ("company_id","shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "packages_company_received_idx" ON "packages" USING btree ("company_id","received_at");--> statement-breakpoint
CREATE INDEX "packages_unassigned_idx" ON "packages" USING btree ("company_id","created_at") WHERE user_id IS NULL;--> statement-breakpoint
-- The back office's screens join every company's admin menu (first, before the invoice items); the menu editor is
-- for admins only. New companies get the same from the seed's ADMIN_MENU.
INSERT INTO "menu_items" ("menu_id", "company_id", "title", "icon", "route", "sort_order", "roles")
SELECT m."id", m."company_id", v."title", v."icon", v."route", v."sort_order", ARRAY['staff','admin']::text[]
FROM "menus" m
CROSS JOIN (VALUES
  ('Today', 'layout-dashboard', '/admin', 1),
  ('Receive parcels', 'scan', '/admin/receive', 2),
  ('Import receipts', 'file-import', '/admin/import', 3),
  ('Packages', 'packages', '/admin/packages', 4),
  ('Pre-alert matching', 'arrows-join', '/admin/prealerts', 5),
  ('Shipments', 'truck', '/admin/shipments', 6),
  ('Customers', 'address-book', '/admin/customers', 7)
) AS v("title", "icon", "route", "sort_order")
WHERE m."code" = 'admin'
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "menu_items" SET "roles" = ARRAY['admin']::text[] WHERE "route" = '/admin/menu';
