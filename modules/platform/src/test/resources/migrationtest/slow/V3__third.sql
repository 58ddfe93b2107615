CREATE TABLE third_table (id INT NOT NULL PRIMARY KEY, first_id INT NOT NULL,
  CONSTRAINT fk_third_first FOREIGN KEY (first_id) REFERENCES first_table (id));
