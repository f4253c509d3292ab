"""The published pages' kernel: nothing a kernel writes to stderr, and no traceback, reaches a visitor.

This kernel spec is found through JUPYTER_PATH (``make serve`` and the tests' Voila put
share/jupyter first), where it stands in for the default ``python3`` kernel of the explainers; in
JupyterLab (``make lab``) and under nbval the ordinary kernel runs, stderr and tracebacks included.

An ordinary kernel sends its stderr (``print(..., file=sys.stderr)``, warnings, logging without a
handler, and with fd capture whatever is written to file descriptor 2) and every traceback to its
clients as messages. Voila strips them from the page it renders, but after that the page's
websocket receives them, and an Output widget shows those sent while it captures a widget
callback: server paths, library versions and tracebacks on a visitor's screen. Here:

- stderr is the kernel process's own (``sys.__stderr__``, inherited from the Voila server: its log);
  ``capture_fd_output=False`` in kernel.json keeps file descriptor 2 there too;
- a traceback is written to that log in full, and the error message sent to the page names no
  exception, value, file or line: only a plain sentence;
- the kernel's self-description (kernel_info, which every page's websocket asks for) names no
  Python or IPython version and no banner.

Run by IPKernelApp.exec_files in the user namespace: everything lives in one function, deleted after.
"""


def _publish_quietly() -> None:
    import sys

    from IPython import get_ipython

    shell = get_ipython()
    sys.stderr.flush()
    sys.stderr = sys.__stderr__
    original = shell._showtraceback

    def _showtraceback(etype, evalue, stb):
        try:
            text = shell.InteractiveTB.stb2text(stb)
        except Exception:
            text = "\n".join(map(str, stb))
        sys.__stderr__.write(f"[published kernel] a traceback kept from the page:\n{text}\n")
        sys.__stderr__.flush()
        try:  # the widgets' own notice, in both languages (the kernel does not know the page's)
            from upto9.widgets._common import TROUBLE

            plain = " / ".join(TROUBLE.values())
        except Exception:
            plain = "Something went wrong here."
        original(Exception, Exception(), [plain])
        shell._last_traceback = stb  # the execute reply's traceback goes to Voila's log only

    shell._showtraceback = _showtraceback

    kernel = shell.kernel
    shell.banner1 = shell.banner2 = ""
    kernel.language_info = {**kernel.language_info, "version": ""}
    kernel.implementation_version = ""


_publish_quietly()
del _publish_quietly
