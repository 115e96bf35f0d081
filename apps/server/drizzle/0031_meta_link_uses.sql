-- A generated link is good for one connection: the link callback spends its signed state here.
CREATE TABLE "meta_link_uses" (
	"partner_id" text NOT NULL,
	"state_hash" text NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"used_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meta_link_uses_pkey" PRIMARY KEY("partner_id","state_hash")
);
--> statement-breakpoint
CREATE INDEX "meta_link_uses_project_idx" ON "meta_link_uses" USING btree ("partner_id","project_id");