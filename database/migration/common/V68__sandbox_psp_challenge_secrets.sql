-- The sandbox PSP's 3-D Secure challenges: the SHA-256 (hex) of each challenge's secret. The secret
-- itself travels only in the challenge link the PSP answered the charge with (its fragment,
-- #secret=…), handed out once; the challenge page takes an answer only with it.
CREATE TABLE sandbox_psp_challenges (
  charge_id          VARCHAR(40)  NOT NULL,
  secret_hash        CHAR(64)     NOT NULL,
  created_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_sandbox_psp_challenges PRIMARY KEY (charge_id),
  CONSTRAINT fk_sandbox_psp_challenges_charge FOREIGN KEY (charge_id)
    REFERENCES sandbox_psp_charges (id)
);
