package dev.weft.netconf;

import java.util.List;

/** The device answered an RPC with one or more {@code <rpc-error>} of severity error. */
public final class RpcErrorException extends NetconfException {
  private static final long serialVersionUID = 1L;

  private final transient List<RpcError> errors;

  public RpcErrorException(String message, List<RpcError> errors) {
    super(Reason.NETCONF_ERROR, message);
    this.errors = List.copyOf(errors);
  }

  /** Every {@code <rpc-error>} of the reply, in document order (warnings included). */
  public List<RpcError> errors() {
    return errors;
  }
}
