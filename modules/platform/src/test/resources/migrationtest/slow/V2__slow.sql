-- Long enough that nodes started together would take turns between migrations without the lock.
CREATE TABLE second_table (id INT NOT NULL PRIMARY KEY);
SELECT SLEEP(1);
