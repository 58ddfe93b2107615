package org.agentcommerce.catalog.application;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.agentcommerce.catalog.application.search.BeautyAnalyzers;
import org.agentcommerce.catalog.domain.evidence.Citation;
import org.agentcommerce.catalog.domain.evidence.EvidenceRepository;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.DisjunctionMaxQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.util.QueryBuilder;

/**
 * Citations: read by id, and searched (BM25 over title, topics, excerpt and publisher) from a small
 * in-memory index that is rebuilt from the database every five minutes.
 */
@ApplicationScoped
public class CitationService {

  private static final Duration TTL = Duration.ofMinutes(5);

  @Inject EvidenceRepository evidence;
  @Inject Clock clock;

  private volatile Snapshot snapshot;

  private record Snapshot(IndexSearcher searcher, Map<String, Citation> byId, Instant builtAt) {}

  /** A citation and how well it matched. */
  public record Hit(Citation citation, double score) {}

  public Optional<Citation> find(String citationId) {
    return evidence.citation(citationId);
  }

  /** The best matches for {@code q}; the newest citations when {@code q} is blank. */
  public List<Hit> search(String q, int limit) {
    Snapshot s = current();
    if (q == null || q.isBlank()) {
      return s.byId().values().stream()
          .sorted(
              Comparator.comparing(
                      (Citation c) ->
                          c.publishedOn() == null ? java.time.LocalDate.MIN : c.publishedOn())
                  .reversed()
                  .thenComparing(Citation::id))
          .limit(limit)
          .map(c -> new Hit(c, 0))
          .toList();
    }
    QueryBuilder builder = new QueryBuilder(BeautyAnalyzers.query());
    List<Query> fields = new ArrayList<>();
    add(fields, builder.createBooleanQuery("title", q, Occur.SHOULD), 2f);
    add(fields, builder.createBooleanQuery("topics", q, Occur.SHOULD), 2f);
    add(fields, builder.createBooleanQuery("excerpt", q, Occur.SHOULD), 1f);
    add(fields, builder.createBooleanQuery("publisher", q, Occur.SHOULD), 0.5f);
    if (fields.isEmpty()) {
      return List.of();
    }
    try {
      ScoreDoc[] docs = s.searcher().search(new DisjunctionMaxQuery(fields, 0.3f), limit).scoreDocs;
      List<Hit> hits = new ArrayList<>();
      for (ScoreDoc d : docs) {
        String id = s.searcher().storedFields().document(d.doc).get("id");
        hits.add(new Hit(s.byId().get(id), Math.round(d.score * 1000.0) / 1000.0));
      }
      return hits;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void add(List<Query> fields, Query q, float boost) {
    if (q != null) {
      fields.add(new BoostQuery(q, boost));
    }
  }

  private Snapshot current() {
    Snapshot s = snapshot;
    if (s == null || s.builtAt().isBefore(clock.instant().minus(TTL))) {
      synchronized (this) {
        s = snapshot;
        if (s == null || s.builtAt().isBefore(clock.instant().minus(TTL))) {
          s = build();
          snapshot = s;
        }
      }
    }
    return s;
  }

  private Snapshot build() {
    List<Citation> all = evidence.allCitations();
    ByteBuffersDirectory dir = new ByteBuffersDirectory();
    try (IndexWriter writer =
        new IndexWriter(dir, new IndexWriterConfig(BeautyAnalyzers.index()))) {
      for (Citation c : all) {
        Document d = new Document();
        d.add(new StringField("id", c.id(), Field.Store.YES));
        d.add(new TextField("title", c.title(), Field.Store.NO));
        d.add(new TextField("excerpt", c.excerpt(), Field.Store.NO));
        d.add(new TextField("publisher", c.publisher(), Field.Store.NO));
        if (c.topics() != null) {
          d.add(new TextField("topics", c.topics(), Field.Store.NO));
        }
        writer.addDocument(d);
      }
      writer.commit();
      IndexSearcher searcher = new IndexSearcher(DirectoryReader.open(dir));
      return new Snapshot(
          searcher,
          all.stream().collect(Collectors.toMap(Citation::id, Function.identity())),
          clock.instant());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
