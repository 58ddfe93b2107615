-- The buyer-facing pages of the payment module (issue 14): the approval page of a HIL approval and
-- the confirmation page of a stepped-up mandate authorization are opened with a page token that
-- travels in the page address's fragment. Only its SHA-256 is kept. A buyer can decline a mandate
-- authorization on its page (mandate_tokens.status 'declined'): it then pays nothing.
ALTER TABLE hil_approvals ADD page_token_hash CHAR(64);
ALTER TABLE mandate_tokens ADD page_token_hash CHAR(64);
