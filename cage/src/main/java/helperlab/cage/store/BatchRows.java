package helperlab.cage.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Batches and their images as rows: a pending batch stored whole, and batches read back with their images. */
final class BatchRows {
  private BatchRows() {}

  /** In one transaction on {@code c}: the batch's row and all its images' (one statement for all of them). */
  static StoredBatch insertPending(Connection c, ValidBatch b, Path outbox) throws SQLException {
    c.setAutoCommit(false);
    try {
      long id;
      try (PreparedStatement s = c.prepareStatement(
          "insert into batches (origin, preset, long_edge, state, arrived_at, deadline_at) values (?, ?, ?, ?, ?, ?)"
              + " returning id")) {
        s.setString(1, b.origin());
        s.setString(2, b.preset());
        s.setInt(3, b.longEdge());
        s.setString(4, BatchState.PENDING.wire());
        s.setTimestamp(5, Timestamp.from(b.arrivedAt()));
        s.setTimestamp(6, Timestamp.from(b.deadlineAt()));
        try (ResultSet rs = s.executeQuery()) {
          rs.next();
          id = rs.getLong(1);
        }
      }
      List<StoredBatch.StoredImage> images = new ArrayList<>();
      // One statement for all the images: a batch of hundreds costs one round trip, not hundreds.
      StringBuilder sql = new StringBuilder(
          "insert into images (batch_id, idx, source, output, width, height, predicted_s) values ");
      for (int i = 0; i < b.images().size(); i++) {
        sql.append(i > 0 ? ", " : "").append("(?, ?, ?, ?, ?, ?, ?)");
      }
      sql.append(" returning id, idx");
      long[] ids = new long[b.images().size()];
      try (PreparedStatement s = c.prepareStatement(sql.toString())) {
        int k = 1;
        for (int i = 0; i < b.images().size(); i++) {
          ValidBatch.ValidImage im = b.images().get(i);
          s.setLong(k++, id);
          s.setInt(k++, i);
          s.setString(k++, im.source().toString());
          s.setString(k++, outputPath(outbox, id, i, im).toString());
          s.setInt(k++, im.width());
          s.setInt(k++, im.height());
          s.setDouble(k++, im.predictedS());
        }
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            ids[rs.getInt(2)] = rs.getLong(1);
          }
        }
      }
      for (int i = 0; i < b.images().size(); i++) {
        ValidBatch.ValidImage im = b.images().get(i);
        images.add(new StoredBatch.StoredImage(ids[i], i, im.source().toString(),
            outputPath(outbox, id, i, im).toString(), im.width(), im.height(), im.predictedS(), "queued", 0));
      }
      c.commit();
      return new StoredBatch(id, null, null, -1, b.origin(), b.preset(), b.longEdge(), BatchState.PENDING, b.arrivedAt(),
          b.deadlineAt(), images);
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    }
  }

  /** The batches matching {@code where} (one parameter, {@code arg}), in id order, each with its images. */
  /** The identity of the cage that owns batch {@code id} ('' for one from before cages had identities), or null. */
  static String owner(Connection c, long id) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("select cage_id from batches where id = ?")) {
      s.setLong(1, id);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  static List<StoredBatch> where(Connection c, String where, Object arg) throws SQLException {
    Map<Long, StoredBatch> byId = new LinkedHashMap<>();
    Map<Long, List<StoredBatch.StoredImage>> images = new LinkedHashMap<>();
    try (PreparedStatement s = c.prepareStatement(
        "select b.id, b.run_id, r.kind, b.origin, b.preset, b.long_edge, b.state, b.arrived_at, b.deadline_at, b.task"
            + " from batches b left join runs r on r.id = b.run_id where " + where + " order by b.id")) {
      s.setObject(1, arg);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          long id = rs.getLong(1);
          int task = rs.getInt(10);
          byId.put(id, new StoredBatch(id, rs.getString(2), rs.getString(3), rs.wasNull() ? -1 : task, rs.getString(4),
              rs.getString(5),
              rs.getInt(6), BatchState.fromWire(rs.getString(7)), rs.getTimestamp(8).toInstant(), rs.getTimestamp(9).toInstant(), List.of()));
          images.put(id, new ArrayList<>());
        }
      }
    }
    if (byId.isEmpty()) {
      return List.of();
    }
    try (PreparedStatement s = c.prepareStatement(
        "select i.batch_id, i.id, i.idx, i.source, i.output, i.width, i.height, i.predicted_s, i.state, i.strikes"
            + " from images i join batches b on b.id = i.batch_id where " + where + " order by i.batch_id, i.idx")) {
      s.setObject(1, arg);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          List<StoredBatch.StoredImage> list = images.get(rs.getLong(1));
          if (list != null) {
            list.add(new StoredBatch.StoredImage(rs.getLong(2), rs.getInt(3), rs.getString(4), rs.getString(5),
                rs.getInt(6), rs.getInt(7), rs.getDouble(8), rs.getString(9), rs.getInt(10)));
          }
        }
      }
    }
    List<StoredBatch> out = new ArrayList<>();
    for (StoredBatch b : byId.values()) {
      out.add(new StoredBatch(b.id(), b.runId(), b.runKind(), b.task(), b.origin(), b.preset(), b.longEdge(), b.state(),
          b.arrivedAt(), b.deadlineAt(), images.get(b.id())));
    }
    return out;
  }

  /** Where image {@code idx} of batch {@code batchId} is published: one directory per batch, one file per image. */
  static Path outputPath(Path outbox, long batchId, int idx, ValidBatch.ValidImage im) {
    String name = im.source().getFileName().toString();
    int dot = name.lastIndexOf('.');
    String stem = dot > 0 ? name.substring(0, dot) : name;
    String ext = im.format().equals("png") ? "png" : "jpg";
    return outbox.resolve(String.format(Locale.ROOT, "%d/%04d_%s.%s", batchId, idx, stem, ext));
  }
}
