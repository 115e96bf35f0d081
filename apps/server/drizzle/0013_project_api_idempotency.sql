CREATE TABLE "project_api_idempotency_keys" (
	"project_id" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "project_api_idempotency_keys_project_id_key_pk" PRIMARY KEY("project_id","key")
);
--> statement-breakpoint
ALTER TABLE "project_api_idempotency_keys" ADD CONSTRAINT "project_api_idempotency_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_api_idempotency_created_idx" ON "project_api_idempotency_keys" USING btree ("created_at");