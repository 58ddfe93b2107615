-- Tables created from here on store any Unicode text (merchant promotions in Japanese, buyer
-- names): a server whose default character set is latin1 (MariaDB's own default, and that of an
-- embedded test server) would refuse it. Tables of earlier migrations keep the character set they
-- were created with; docs/operations.md asks for a utf8mb4 server.
ALTER DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
