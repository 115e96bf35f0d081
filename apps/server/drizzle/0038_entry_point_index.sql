-- The users who wrote from a click-to-WhatsApp ad (free entry point windows): a small partial index that every charging batch reads.
CREATE INDEX "inbound_messages_entry_point_idx" ON "inbound_messages" USING btree ("partner_id","project_id","sender","received_at") WHERE "inbound_messages"."entry_point";
