CREATE TABLE "staff_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_invitations_company_idx" ON "staff_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_open_uq" ON "staff_invitations" USING btree ("company_id","email") WHERE accepted_at IS NULL AND revoked_at IS NULL;--> statement-breakpoint
-- hand-written:
-- Staff joins every company's admin menu (admins only), at its end. New companies get the same from the seed's
-- ADMIN_MENU; a menu that already has the route (an admin added it by hand) is left as it is.
INSERT INTO "menu_items" ("menu_id", "company_id", "title", "icon", "route", "sort_order", "roles")
SELECT m."id", m."company_id", 'Staff', 'users', '/admin/staff',
  COALESCE((SELECT max(i."sort_order") + 10 FROM "menu_items" i WHERE i."menu_id" = m."id"), 10),
  ARRAY['admin']::text[]
FROM "menus" m
WHERE m."code" = 'admin'
  AND NOT EXISTS (SELECT 1 FROM "menu_items" i WHERE i."menu_id" = m."id" AND i."route" = '/admin/staff')
ON CONFLICT DO NOTHING;
