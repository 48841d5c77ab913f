package dev.weft.log;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One class's logger. Messages are built only when the level is on, and masked before they are
 * written, so a password that slipped into a reply or an error text never reaches the log.
 */
public final class Log {

  private final Logger logger;

  private Log(Logger logger) {
    this.logger = logger;
  }

  public static Log of(Class<?> owner) {
    return new Log(LoggerFactory.getLogger(owner));
  }

  public boolean debugging() {
    return logger.isDebugEnabled();
  }

  public void debug(String format, Object... args) {
    if (logger.isDebugEnabled()) {
      logger.debug(Secrets.mask(String.format(format, args)));
    }
  }

  public void info(String format, Object... args) {
    if (logger.isInfoEnabled()) {
      logger.info(Secrets.mask(String.format(format, args)));
    }
  }

  public void warn(String format, Object... args) {
    if (logger.isWarnEnabled()) {
      logger.warn(Secrets.mask(String.format(format, args)));
    }
  }
}
