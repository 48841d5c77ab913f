/**
 * Classes written to break the architecture rules, laid out like the project ({@code
 * <root>.<stage>}), so {@code ArchitectureTest} can show each rule catches a violation. Never
 * imported by anything else.
 */
package dev.weft.archviolation;
