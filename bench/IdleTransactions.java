import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How long our transactions sit idle between two statements: samples a MariaDB server for SECONDS
 * and prints, per kind (with writes, holding locks only, reads only), the longest time a session of
 * database DB was idle (Sleep) inside an open transaction, and the longest ones with the last
 * statement seen on that session. Run it while a load runs against a node (bench/stuck-node.sh,
 * bench/order-bench.sh): it tells how much room ac.db.idle-write-transaction-timeout leaves.
 *
 * <p>Samples every 120 ms: InnoDB refreshes information_schema.INNODB_TRX only when it was last read
 * more than 100 ms ago, so faster sampling reads one stale copy for ever (sessions look idle in
 * transactions that ended long ago).
 *
 * <p>Usage: java -cp mariadb-java-client.jar bench/IdleTransactions.java JDBC_URL SECONDS DB
 */
public class IdleTransactions {

  record Key(long thread, String trx) {}

  static final class Seen {
    long maxIdleMs;
    long rows;
    long locks;
    String lastStatement;
  }

  public static void main(String[] a) throws Exception {
    String url = a[0];
    long seconds = Long.parseLong(a[1]);
    String db = a[2];
    Map<Key, Seen> seen = new HashMap<>();
    Map<Long, String> lastStatement = new HashMap<>();
    long end = System.currentTimeMillis() + seconds * 1000;
    try (Connection c = DriverManager.getConnection(url, "root", "");
        PreparedStatement q =
            c.prepareStatement(
                "SELECT p.ID, p.COMMAND, p.TIME_MS, t.trx_id, t.trx_rows_modified,"
                    + " t.trx_lock_structs, p.INFO FROM information_schema.PROCESSLIST p LEFT JOIN"
                    + " information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID"
                    + " WHERE p.ID <> CONNECTION_ID() AND p.DB = ?")) {
      q.setString(1, db);
      while (System.currentTimeMillis() < end) {
        try (ResultSet rs = q.executeQuery()) {
          while (rs.next()) {
            long id = rs.getLong(1);
            String info = rs.getString(7);
            if (info != null) {
              lastStatement.put(id, info.length() > 140 ? info.substring(0, 140) : info);
            }
            if (rs.getString(4) == null || !"Sleep".equals(rs.getString(2))) {
              continue;
            }
            Seen s = seen.computeIfAbsent(new Key(id, rs.getString(4)), k -> new Seen());
            s.maxIdleMs = Math.max(s.maxIdleMs, (long) rs.getDouble(3));
            s.rows = Math.max(s.rows, rs.getLong(5));
            s.locks = Math.max(s.locks, rs.getLong(6));
            s.lastStatement = lastStatement.get(id);
          }
        }
        Thread.sleep(120);
      }
    }
    List<Map.Entry<Key, Seen>> all = new ArrayList<>(seen.entrySet());
    all.sort((x, y) -> Long.compare(y.getValue().maxIdleMs, x.getValue().maxIdleMs));
    long writes = 0;
    long locks = 0;
    long reads = 0;
    for (Map.Entry<Key, Seen> e : all) {
      Seen s = e.getValue();
      if (s.rows > 0) {
        writes = Math.max(writes, s.maxIdleMs);
      } else if (s.locks > 0) {
        locks = Math.max(locks, s.maxIdleMs);
      } else {
        reads = Math.max(reads, s.maxIdleMs);
      }
    }
    System.out.printf(
        "transactions seen idle: %d; longest idle with writes %d ms, holding locks only %d ms,"
            + " reads only %d ms%n",
        all.size(), writes, locks, reads);
    for (Map.Entry<Key, Seen> e : all.subList(0, Math.min(10, all.size()))) {
      Seen s = e.getValue();
      System.out.printf(
          "  session %d: idle %d ms, rows changed %d, lock structs %d, last seen: %s%n",
          e.getKey().thread(), s.maxIdleMs, s.rows, s.locks, s.lastStatement);
    }
  }
}
