package org.agentcommerce.catalog.infrastructure.connector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HtmlTextTest {

  @Test
  void blockElementsBecomeLinesAndInlineTagsVanish() {
    assertEquals(
        "Title\nA bold claim.\nOne\nTwo",
        HtmlText.toPlainText(
            "<h2>Title</h2><p>A <b>bold</b>\n  claim.</p><ul><li>One</li><li>Two</li></ul>"));
  }

  @Test
  void scriptsStylesAndCommentsAreDropped() {
    assertEquals(
        "Visible",
        HtmlText.toPlainText(
            "<style>p{color:red}</style><!-- hidden --><p>Visible</p><script>alert(1)</script>"));
  }

  @Test
  void entitiesAreDecodedOnceAndAfterTagsAreGone() {
    assertEquals(
        "5 < 6 & \"quoted\" caf\u00e9 \u2014 \u00e9 \u20ac <b>not a tag</b> &unknown;",
        HtmlText.toPlainText(
            "5 &lt; 6 &amp; &quot;quoted&quot; caf&eacute; &mdash; &#233; &#x20AC;"
                + " &lt;b&gt;not a tag&lt;/b&gt; &unknown;"));
  }

  @Test
  void aLoneLessThanSignIsText() {
    assertEquals("1 < 2 and 3 > 2", HtmlText.toPlainText("1 < 2 and 3 > 2"));
  }

  @Test
  void nothingVisibleIsNull() {
    assertNull(HtmlText.toPlainText(null));
    assertNull(HtmlText.toPlainText("  "));
    assertNull(HtmlText.toPlainText("<p>&nbsp;</p><br/>"));
  }

  @Test
  void theEntityTableHasTheFortyFiveEntitiesOfTheJavaTableItReplaced() {
    assertEquals(45, HtmlText.NAMED.size());
    // nbsp is a plain space and shy nothing; names are case-sensitive.
    assertEquals(
        "& |x|\u2026|\u00C4|\u00E4|&AMP;",
        HtmlText.decodeEntities("&amp;&nbsp;|x&shy;|&hellip;|&Auml;|&auml;|&AMP;"));
  }

  @Test
  void aBadEntityValueFailsNamingTheFile() {
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> HtmlText.namedEntities("bad-entities.tsv"));
    assertTrue(e.getMessage().contains("bad-entities.tsv"), e.getMessage());
  }
}
