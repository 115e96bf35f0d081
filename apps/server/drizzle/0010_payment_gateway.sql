CREATE TABLE "razorpay_auth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "razorpay_connections" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"mode" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"refresh_token_sealed" text,
	"public_token" text,
	"access_token_expires_at" timestamp with time zone,
	"connected_by" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "razorpay_auth_states" ADD CONSTRAINT "razorpay_auth_states_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "razorpay_auth_states" ADD CONSTRAINT "razorpay_auth_states_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "razorpay_connections" ADD CONSTRAINT "razorpay_connections_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "razorpay_connections" ADD CONSTRAINT "razorpay_connections_connected_by_agents_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "razorpay_auth_states_partner_expires_idx" ON "razorpay_auth_states" USING btree ("partner_id","expires_at");