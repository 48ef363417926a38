CREATE TABLE "storage_reminders" (
	"package_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"free_until" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_reminders_package_id_kind_free_until_pk" PRIMARY KEY("package_id","kind","free_until")
);
--> statement-breakpoint
ALTER TABLE "storage_reminders" ADD CONSTRAINT "storage_reminders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;