package org.agentcommerce.catalog.domain.evidence;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.LocalDate;

/** A source of evidence: a study, review, guide, regulation or brand statement. */
@Entity
@Table(name = "citations")
public class Citation {

  @Id private String id;

  @Column(nullable = false)
  private String kind;

  @Column(nullable = false)
  private String title;

  @Column(nullable = false)
  private String publisher;

  @Column(nullable = false)
  private String url;

  @Column(name = "published_on")
  private LocalDate publishedOn;

  @Column(nullable = false)
  private String excerpt;

  private String topics;

  protected Citation() {}

  public String id() {
    return id;
  }

  public String kind() {
    return kind;
  }

  public String title() {
    return title;
  }

  public String publisher() {
    return publisher;
  }

  public String url() {
    return url;
  }

  public LocalDate publishedOn() {
    return publishedOn;
  }

  public String excerpt() {
    return excerpt;
  }

  public String topics() {
    return topics;
  }
}
