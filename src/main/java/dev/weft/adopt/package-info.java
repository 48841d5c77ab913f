/**
 * Brownfield adoption, {@code weft import}: running configs (a {@code weft backup} repository or a
 * folder of per-device files) read through each platform pack's reader into compiled switches, the
 * fabric plan most devices share factored out of them, the rest written as explicit, reasoned
 * exceptions in a new inventory, and the round trip checked: the new inventory's compiled switches
 * compared with the imported ones feature by feature, exactly as drift compares them. ({@code
 * import} is a Java keyword, hence {@code adopt}.)
 */
package dev.weft.adopt;
