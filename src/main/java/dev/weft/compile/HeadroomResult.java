package dev.weft.compile;

import java.math.BigDecimal;
import java.util.List;

/**
 * The computed headroom of one lossless PG, in bytes, with every intermediate term for the
 * explainer.
 *
 * @param xoff minimum xoff (rounded up to a multiple of 1024 bytes)
 * @param xon xon (rounded up to a multiple of 1024 bytes)
 * @param size reserved headroom without a shared headroom pool: xoff + xon (multiple of 1024)
 * @param terms the arithmetic, in evaluation order
 */
public record HeadroomResult(long xoff, long xon, long size, List<Term> terms) {

  public HeadroomResult {
    terms = List.copyOf(terms);
  }

  /**
   * One step of the arithmetic.
   *
   * @param name the variable (SONiC's name where it has one)
   * @param formula the expression with the numbers substituted
   * @param value the result (bytes unless the name says otherwise)
   * @param note where the numbers come from, or null
   */
  public record Term(String name, String formula, BigDecimal value, String note) {}
}
