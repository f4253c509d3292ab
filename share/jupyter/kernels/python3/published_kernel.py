"""The published pages' kernel: nothing a kernel writes to stderr, and no traceback, reaches a
visitor; and a page's widgets send nothing until its browser connects (the last function here).

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
  Python or IPython version and no banner;
- a stopping kernel leaves one plain line in the log, not tracebacks: the server interrupts every
  kernel before shutting it down (jupyter_client does), and a preheated kernel is always in a cell
  then, waiting for its visitor, so the interrupt is logged as such; ipykernel then logs its failure
  to send that cell's reply on a socket the shutdown has already closed, which is dropped (only
  then: a closed socket before the shutdown is still logged). A kernel shut down as it starts (a
  pool's refill when the server stops) leaves ipykernel's debugger poll unstarted: its "never
  awaited" warning and "Task was destroyed" message name that coroutine alone and are dropped.

Run by IPKernelApp.exec_files in the user namespace: everything lives in one function, deleted after.
"""


def _publish_quietly() -> None:
    import errno
    import logging
    import sys
    import warnings

    import zmq
    from IPython import get_ipython

    shell = get_ipython()
    sys.stderr.flush()
    sys.stderr = sys.__stderr__
    original = shell._showtraceback

    def _showtraceback(etype, evalue, stb):
        if isinstance(etype, type) and issubclass(etype, KeyboardInterrupt):  # no error of the page
            text = "a cell was interrupted (the server interrupts a kernel before it shuts it down)"
        else:
            try:
                text = "a traceback kept from the page:\n" + shell.InteractiveTB.stb2text(stb)
            except Exception:
                text = "a traceback kept from the page:\n" + "\n".join(map(str, stb))
        sys.__stderr__.write(f"[published kernel] {text}\n")
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

    class _ClosedByTheShutdown(logging.Filter):
        """ipykernel's "Exception in message handler" for a reply sent on a socket already closed,
        while the kernel shuts down (its shutdown_reply is sent: ``_shutdown_message``)."""

        def filter(self, record):
            error = record.exc_info[1] if record.exc_info else None
            closed = isinstance(error, zmq.ZMQError) and error.errno == errno.ENOTSOCK
            return not (closed and getattr(kernel, "_shutdown_message", None) is not None)

    kernel.log.addFilter(_ClosedByTheShutdown())

    # ipykernel's debugger poll (the debugger is off here), never run when the kernel stops at once.
    poll = "IPythonKernel.poll_stopped_queue"
    warnings.filterwarnings("ignore", message=f"coroutine '{poll}' was never awaited", category=RuntimeWarning)

    class _UnstartedPoll(logging.Filter):
        def filter(self, record):
            said = record.getMessage()
            return not (said.startswith("Task was destroyed but it is pending!") and f"coro=<{poll}()" in said)

    logging.getLogger("asyncio").addFilter(_UnstartedPoll())
    shell.banner1 = shell.banner2 = ""
    kernel.language_info = {**kernel.language_info, "version": ""}
    kernel.implementation_version = ""


_publish_quietly()
del _publish_quietly


def _widgets_quiet_until_the_page_connects() -> None:
    """Widgets send nothing until the page's browser connects: a page's widgets reach its browser in
    one message, the control comm's ``update_states`` (ipywidgets 8), sent when the browser asks for
    every state; the ``comm_open`` and ``update`` messages an ordinary kernel sends for each widget
    (and its layout and style) while the notebook runs go only to the Voila server, which parses
    every one and uses none (its template draws no widget state into the page). On the rules tour
    that is about 670 messages per learner: measured, about half of the server's work for the page
    and a third of the kernel's (docs/deploy.md).

    Until a browser opens the widgets' control comm (or asks for the comm list, the fallback of an
    older front end), a widget's comm is registered without its ``comm_open`` and its updates are
    not sent: its traits hold its state, and the browser's request gets it whole. Output widgets are
    the exception: the server captures a cell's output shown in one (nbclient) by its messages."""
    import comm
    import ipywidgets
    import traitlets
    from IPython import get_ipython
    from ipywidgets.widgets.widget import _instances

    widget = ipywidgets.Widget
    kernel = get_ipython().kernel
    quiet = [True]

    def _loud(self) -> bool:
        return not quiet[0] or isinstance(self, ipywidgets.Output)

    opened, send_state, send = widget.open, widget.send_state, widget._send

    def open(self):
        if self.comm is not None or _loud(self):
            return opened(self)
        quietly = comm.create_comm(target_name="jupyter.widget", comm_id=self._model_id, primary=False)
        quietly.kernel = kernel  # set by the comm_open it does not send: ipywidgets sends nothing without it
        comm.get_comm_manager().register_comm(quietly)
        self.comm = quietly
        return None

    def send_state_when_loud(self, key=None):
        if _loud(self):
            send_state(self, key)

    def send_when_loud(self, msg, buffers=None):
        if _loud(self):
            send(self, msg, buffers)

    control_opened = widget.handle_control_comm_opened.__func__

    held: dict[type, list[str]] = {}
    """Each widget class's traits that hold a widget (its layout, its style), found once a class."""

    def made(self) -> None:
        # A widget's layout and style are made when first read, which an ordinary kernel's
        # comm_open does at once: read them now, or the browser's request for every state would
        # make them while it runs through the widgets.
        names = held.get(type(self))
        if names is None:
            traits = self.traits(sync=lambda sync: sync).items()
            names = held[type(self)] = [n for n, t in traits if isinstance(t, traitlets.Instance) and isinstance(t.klass, type) and issubclass(t.klass, widget)]
        for name in names:
            getattr(self, name)

    def connected() -> None:
        if quiet[0]:
            done: set[str] = set()
            while new := [(key, each) for key, each in list(_instances.items()) if key not in done]:  # made quietly: the states bring them
                for key, each in new:
                    done.add(key)
                    made(each)
            quiet[0] = False

    def handle_control_comm_opened(cls, comm_, msg):
        connected()
        return control_opened(cls, comm_, msg)

    def short_repr(self) -> str:
        # A displayed widget's text/plain, which no page shows (Voila draws the widget): ipywidgets
        # writes every trait of the widget and of each child, recursively, and then cuts it at 110
        # characters, a fifth of a tour's kernel work.
        return f"{type(self).__name__}(model_id={self._model_id!r})"

    widget.open = open
    widget.__repr__ = short_repr
    widget.send_state = send_state_when_loud
    widget._send = send_when_loud
    widget.handle_control_comm_opened = classmethod(handle_control_comm_opened)

    comm_info = kernel.shell_handlers["comm_info_request"]

    def comm_info_request(*args, **kwargs):
        connected()
        return comm_info(*args, **kwargs)

    kernel.shell_handlers["comm_info_request"] = comm_info_request


_widgets_quiet_until_the_page_connects()
del _widgets_quiet_until_the_page_connects


def _register_widgets() -> None:
    """A kernel forked from the warm process (upto9.server.forking) had ipywidgets imported before
    it was a kernel, and ipywidgets registers its comm targets at import only inside one: without
    them no page's widgets answer the browser. Registered here, once the kernel is up."""
    import sys

    widgets = sys.modules.get("ipywidgets")
    if widgets is not None:
        widgets.register_comm_target()


_register_widgets()
del _register_widgets
