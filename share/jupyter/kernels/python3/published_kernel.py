"""The published pages' kernel: nothing a kernel writes to stderr, and no traceback, reaches a
visitor; and it does a page's work with fewer messages and less CPU, which a class of thirty on two
cores waits for (docs/deploy.md): it echoes no code, reads each widget class's traits once, and a
page's widgets send nothing until its browser connects, then every state in one message, with one
shared default layout and style (the functions after the first).

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
  then: a closed socket before the shutdown is still logged). An interrupt that lands between a
  pool's page's cells (a stop in the server's first seconds) is one plain line too, not ipykernel's
  ERROR "KeyboardInterrupt caught in kernel.". A kernel shut down as it starts (a
  pool's refill when the server stops) leaves ipykernel's debugger poll unstarted: its "never
  awaited" warning and "Task was destroyed" message name that coroutine alone and are dropped.

Run by IPKernelApp.exec_files in the user namespace: everything lives in functions, each deleted
after it has run.
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
    showtraceback = shell.showtraceback

    def showtraceback_unless_interrupted(exc_tuple=None, *args, **kwargs):
        # An interrupt has nothing to show, and IPython's formatting of it can fail: a cell
        # interrupted where Python gives its frame no line number (a stop while a pooled kernel
        # runs its page) left an AssertionError's traceback in the log.
        etype, value, _tb = exc_tuple if exc_tuple is not None else sys.exc_info()
        if isinstance(etype, type) and issubclass(etype, KeyboardInterrupt):
            return _showtraceback(etype, value, [])
        return showtraceback(exc_tuple, *args, **kwargs)

    shell.showtraceback = showtraceback_unless_interrupted

    kernel = shell.kernel

    class _ClosedByTheShutdown(logging.Filter):
        """ipykernel's "Exception in message handler" for a reply sent on a socket already closed,
        while the kernel shuts down (its shutdown_reply is sent: ``_shutdown_message``)."""

        def filter(self, record):
            error = record.exc_info[1] if record.exc_info else None
            closed = isinstance(error, zmq.ZMQError) and error.errno == errno.ENOTSOCK
            return not (closed and getattr(kernel, "_shutdown_message", None) is not None)

    kernel.log.addFilter(_ClosedByTheShutdown())

    class _InterruptBetweenCells(logging.Filter):
        """ipykernel's ERROR "KeyboardInterrupt caught in kernel." for the server's interrupt before
        a shutdown that lands between the cells of a pool's page (a stop in the server's first
        seconds): the one plain line of an interrupted cell instead."""

        def filter(self, record):
            if record.getMessage().startswith("KeyboardInterrupt caught in kernel"):
                sys.__stderr__.write("[published kernel] interrupted between cells (the server interrupts a kernel before it shuts it down)\n")
                sys.__stderr__.flush()
                return False
            return True

    kernel.log.addFilter(_InterruptBetweenCells())
    # traitlets leaves an application's logger at DEBUG and lets its handler drop what is below the
    # log level: every debug line ipykernel writes for a message (four a cell) was a record made for
    # nothing. The logger now stops at what its handlers write, as the server's does.
    levels = [handler.level for handler in kernel.log.handlers]
    if levels and not kernel.log.propagate:
        kernel.log.setLevel(max(kernel.log.level, min(levels)))

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


def _widget_traits_read_once_a_class() -> None:
    """ipywidgets finds a widget's synced traits (its ``keys``) and, every time it reads the widget's
    state, each trait's encoder and default, by going through every trait of the widget's class:
    per widget and per state read, though they are the class's. Here each class's are found once.
    On the rules tour that was a fifth of the kernel's answer to the browser's request for every
    state (trait_metadata, 23,000 calls)."""
    from typing import Any

    from ipywidgets import Widget

    keys: dict[type, list[str]] = {}

    def class_keys(self):
        found = keys.get(type(self))
        if found is None:
            found = keys[type(self)] = list(self.traits(sync=True))
        return list(found)  # a widget's own list: ipywidgets lets a widget change its keys

    Widget._trait_default_generators["keys"].func = class_keys  # the handler every subclass uses

    encoders: dict[type, dict[str, tuple[Any, Any]]] = {}
    get_state = Widget.get_state

    def get_state_by_class(self, key=None, drop_defaults=False):
        if key is None:
            names = self.keys
        elif isinstance(key, str):
            names = [key]
        else:
            return get_state(self, key, drop_defaults)
        known = encoders.get(type(self))
        if known is None:
            known = encoders[type(self)] = {}
        state = {}
        for name in names:
            encoder = known.get(name)
            if encoder is None:
                encoder = known[name] = (self.trait_metadata(name, "to_json"), self.traits()[name].default_value)
            to_json, default = encoder
            value = (to_json or self._trait_to_json)(getattr(self, name), self)
            if not drop_defaults or not self._compare(value, default):
                state[name] = value
        return state

    Widget.get_state = get_state_by_class


_widget_traits_read_once_a_class()
del _widget_traits_read_once_a_class


def _no_echo_of_the_code() -> None:
    """A kernel echoes each cell's code to all its clients before it runs it (IOPub's
    ``execute_input``), for a console that shows what another client runs. A published page's only
    client while its notebook runs is Voila's server, which sent that code and keeps nothing of the
    echo but a time it records for nobody (nbclient's ``record_timing``); the page's browser runs
    no code. Each echo is a message the kernel signs and the server reads: a fifth of a page's
    messages while its notebook runs (23 of about 110 on the rules tour)."""
    from IPython import get_ipython

    get_ipython().kernel._publish_execute_input = lambda code, parent, execution_count: None


_no_echo_of_the_code()
del _no_echo_of_the_code


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
    from typing import Any

    import comm
    import ipywidgets
    import traitlets
    from IPython import get_ipython
    from ipywidgets.widgets.trait_types import InstanceDict
    from ipywidgets.widgets.widget import _instances, _remove_buffers

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
    plain: dict[type, dict[str, type]] = {}
    """Of those, the ones whose default is a plain new widget (``Layout()``, ``ButtonStyle()``): their
    class, by name. No argument, no default method of the widget's own."""

    def found(cls: type) -> list[str]:
        names = held.get(cls)
        if names is None:
            traits = cls.class_traits(sync=lambda sync: sync)
            names = held[cls] = [n for n, t in traits.items() if isinstance(t, traitlets.Instance) and isinstance(t.klass, type) and issubclass(t.klass, widget)]
            plain[cls] = {
                n: traits[n].klass
                for n in names
                if isinstance(traits[n], InstanceDict)
                and not traits[n].default_args
                and not traits[n].default_kwargs
                and cls._all_trait_default_generators.get(n) == traits[n].default
            }
        return names

    def made(self) -> None:
        # A widget's layout and style are made when first read, which an ordinary kernel's
        # comm_open does at once: read them now, or the browser's request for every state would
        # make them while it runs through the widgets.
        for name in found(type(self)):
            getattr(self, name)

    shared: dict[type, Any] = {}
    """One default layout, and one default style of each kind, that the browser's request for every
    state gives each widget that has not made its own (``lent``)."""
    lending = [False]
    watched: set[str] = set()
    """The widgets sent with a shared default (once watched, always: a trait's default is made once):
    each tells the browser when it makes its own."""

    def share(klass: type) -> Any:
        one = shared.get(klass)
        if one is None:  # made while quiet, it comes with the states; made later, its comm_open brings it
            one = shared[klass] = klass()
        return one

    def connected(lend: bool) -> None:
        """The page's browser has connected: widgets send from now on. With ``lend``, a widget that
        has not made its layout or style yet gets the shared default one in the states (``lent``);
        without it, each is made now, as ipywidgets would have made them."""
        if quiet[0]:
            done: set[str] = set()
            while new := [(key, each) for key, each in list(_instances.items()) if key not in done]:  # made quietly: the states bring them
                for key, each in new:
                    done.add(key)
                    if not lend:
                        made(each)
                        continue
                    found(type(each))
                    for name, klass in plain[type(each)].items():
                        if name not in each._trait_values:
                            share(klass)
            quiet[0] = False

    def tell_the_browser(change: Any) -> None:
        # A widget sent with a shared default has made its own (the code reads or changes it):
        # the browser's view of it takes the new one, which its comm_open has just brought.
        change.owner.unobserve(tell_the_browser, names=change.name, type="default")
        change.owner.send_state(change.name)

    get_state = widget.get_state

    def lent(self, key=None, drop_defaults=False):
        """A widget's state, with the shared default layout or style where it has none of its own
        yet, while the browser's request for every state is answered; read later, the widget makes
        its own and tells the browser (``tell_the_browser``), as an ordinary widget would have made
        it at once. A page's layouts and styles are about half its widgets: most never change, and
        making each, sending it and drawing it in the browser cost as much as all the others."""
        if not lending[0] or key is not None:
            return get_state(self, key, drop_defaults)
        found(type(self))
        borrowed = [name for name in plain[type(self)] if name not in self._trait_values]
        for name in borrowed:
            self._trait_values[name] = share(plain[type(self)][name])
        try:
            return get_state(self, key, drop_defaults)
        finally:
            for name in borrowed:
                del self._trait_values[name]
            if borrowed and self.model_id not in watched:
                watched.add(self.model_id)
                self.observe(tell_the_browser, names=borrowed, type="default")

    def handle_control_comm_opened(cls, comm_, msg):
        connected(lend=True)
        return control_opened(cls, comm_, msg)

    def handle_control_comm_msg(cls, msg):
        # ipywidgets 8 answers a request for every state after it has made the manager's state,
        # every widget's state once more, and thrown it away: half the work of the answer.
        if msg["content"]["data"].get("method") != "request_states":
            return control_msg(cls, msg)
        lending[0] = True
        try:
            states = {}
            for each in list(_instances.values()):
                states[each.model_id] = {
                    "model_name": each._model_name,
                    "model_module": each._model_module,
                    "model_module_version": each._model_module_version,
                    "state": each.get_state(drop_defaults=False),
                }
        finally:
            lending[0] = False
        states, buffer_paths, buffers = _remove_buffers(states)
        cls._control_comm.send({"method": "update_states", "states": states, "buffer_paths": buffer_paths}, buffers=buffers)
        return None

    control_msg = widget._handle_control_comm_msg.__func__

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
    widget._handle_control_comm_msg = classmethod(handle_control_comm_msg)
    widget.get_state = lent

    comm_info = kernel.shell_handlers["comm_info_request"]

    def comm_info_request(*args, **kwargs):
        connected(lend=False)  # an older front end asks each widget for its state: each has its own
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
