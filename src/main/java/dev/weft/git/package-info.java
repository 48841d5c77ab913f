/**
 * Git as a store: unified diffs and blame for {@code weft diff} (and the audit's config diffs), and
 * the backup repository {@code weft backup} commits device configs to. With {@code source}, the
 * only importer of JGit.
 */
package dev.weft.git;
