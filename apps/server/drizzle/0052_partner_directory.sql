-- Which partner an id that arrives alone belongs to (schema/directory.ts): made for the projects and
-- private apps already there.
CREATE TABLE "partner_directory" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"partner_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_directory" ADD CONSTRAINT "partner_directory_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "partner_directory" ("id", "kind", "partner_id", "created_at") SELECT "id", 'project', "partner_id", "created_at" FROM "projects";--> statement-breakpoint
INSERT INTO "partner_directory" ("id", "kind", "partner_id", "created_at") SELECT "id", 'private-app', "partner_id", "created_at" FROM "private_apps";
