-- Each edit of an approved template sent to Meta, counted against Meta's limits (1 in 24 hours, 10 in 30 days); the sandbox Meta counts them too.
CREATE TABLE "template_edits" (
	"id" text NOT NULL,
	"partner_id" text NOT NULL,
	"template_id" text NOT NULL,
	"edited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "template_edits_pkey" PRIMARY KEY("id","partner_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_meta_templates" ADD COLUMN "approved_edits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "template_edits" ADD CONSTRAINT "template_edits_template_fk" FOREIGN KEY ("template_id","partner_id") REFERENCES "public"."templates"("id","partner_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_edits_template_idx" ON "template_edits" USING btree ("partner_id","template_id","edited_at");