package org.agentcommerce.catalog.domain.brief;

import java.math.BigDecimal;

/**
 * One amount in the folded text, as {@link Amounts} reads it.
 *
 * @param start where the amount starts, its currency included
 * @param end where it ends
 * @param value the amount, multiplied by its unit word ("2k", "5万")
 * @param currency the ISO 4217 code of its currency, or null when it has none
 * @param currencyRule the rule that read the currency, or null
 * @param curStart where the currency symbol, code or word starts, or -1
 * @param curEnd where it ends, or -1
 * @param dollarFromContext a bare dollar read as the caller's dollar currency (not USD)
 * @param numStart where the digits start
 * @param numEnd where the digits (and the unit word) end
 * @param decimalComma a comma is the decimal mark
 * @param grouped a separator groups thousands
 * @param multiplied a unit word multiplied the amount
 */
record Money(
    int start,
    int end,
    BigDecimal value,
    String currency,
    String currencyRule,
    int curStart,
    int curEnd,
    boolean dollarFromContext,
    int numStart,
    int numEnd,
    boolean decimalComma,
    boolean grouped,
    boolean multiplied) {}
