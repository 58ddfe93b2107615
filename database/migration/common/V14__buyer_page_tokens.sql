-- The buyer-facing pages of the payment module (issue 14): the approval page of a HIL approval and
-- the confirmation page of a stepped-up mandate authorization are opened with a page token that
-- travels in the page address's fragment. Only its SHA-256 is kept. A buyer can decline a mandate
-- authorization on its page (mandate_tokens.status 'declined'): it then pays nothing.
ALTER TABLE hil_approvals ADD page_token_hash CHAR(64);
ALTER TABLE mandate_tokens ADD page_token_hash CHAR(64);

-- How a HIL approval was decided: buyer_token (the approve API with the buyer's own token),
-- approval_page (the buyer's page), hosted_page (the buyer pressed pay on the hosted checkout,
-- the amount on the button; recorded with the payment it approved, in that payment's transaction).
ALTER TABLE hil_approvals ADD decided_via VARCHAR(20);

-- How many times the hosted page priced a checkout (each makes a quote): bounded per intent.
ALTER TABLE checkout_intents ADD pricings INT DEFAULT 0 NOT NULL;
