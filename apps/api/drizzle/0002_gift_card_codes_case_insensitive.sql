ALTER TABLE "gift_cards" DROP CONSTRAINT "gift_cards_serial_number_unique";--> statement-breakpoint
ALTER TABLE "gift_cards" DROP CONSTRAINT "gift_cards_control_code_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_serial_number_lower_key" ON "gift_cards" USING btree (lower("serial_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_control_code_lower_key" ON "gift_cards" USING btree (lower("control_code"));