import type { AddressFieldName } from "../../lib/quote/address";
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject, type SubmitEvent } from "react";
import type { QuoteFieldName } from "../../lib/quote/rules";
import { SERVICE_OPTIONS } from "../../lib/service-options";
import { emptyValues, loadDraft, saveDraft } from "./draft";
import { loadActions, loadLaterComponents, loadRules, type Actions, type Rules } from "./load-later";
import { QUOTE_FORM_FIELD_NAMES } from "./quote-fields";
import type { QuoteFormChange, QuoteFormHandle, QuoteFormState } from "./quote-form-state";

const initialState = (): QuoteFormState => ({
  values: emptyValues(),
  startedAt: null,
  touched: {},
  submitAttempted: false,
  serverErrors: {},
  files: [],
  status: "editing",
  reference: "",
  refused: null,
});

/**
 * The quote form's state: the typed values (kept as a draft), which fields show their message,
 * the chosen files and where the send is (editing → sending → sent, or back to editing). Typing
 * is handled here; what the form does beyond that (./quote-form-actions.ts), the rules and the
 * components only an acting visitor sees load at the first focus (`prepare`, ./load-later.ts):
 * until the rules arrive no field shows a message, and an action waits for its code.
 */
export function useQuoteForm(form: RefObject<HTMLFormElement | null>) {
  const [state, setState] = useState(initialState);
  /** False in the server's HTML: until React runs, a native submit would put the quote in the URL. */
  const [ready, setReady] = useState(false);
  const [rules, setRules] = useState<Rules | null>(null);
  const idempotencyKey = useRef("");
  const started = useRef(false);
  const busy = useRef(false);

  const change = useCallback(
    (update: QuoteFormChange) =>
      setState((current) => ({ ...current, ...(typeof update === "function" ? update(current) : update) })),
    [],
  );

  /** The visitor started: load the rest of the form, so it is there when needed (even offline). */
  const prepare = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([
      loadRules().then(setRules),
      loadActions().then((actions) => actions.prepare()),
      loadLaterComponents(),
    ]).catch(() => {
      started.current = false;
    });
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- hydration flag and the draft from localStorage
    setReady(true);
    const draft = loadDraft();
    if (draft) {
      prepare();
      change({
        values: draft.values,
        startedAt: draft.startedAt,
        touched: Object.fromEntries(
          QUOTE_FORM_FIELD_NAMES.filter((name) => draft.values[name]).map((name) => [name, true]),
        ),
      });
    }
    // A "quote for …" link (e.g. on a town page) names the service: /contact?service=roughcasting.
    const linked = new URLSearchParams(window.location.search).get("service");
    if (SERVICE_OPTIONS.some((option) => option.value === linked)) {
      change(({ values }) => ({ values: { ...values, serviceRequired: linked ?? "" } }));
    }
  }, [prepare, change]);

  const { values, files, touched, submitAttempted, serverErrors } = state;
  const clientErrors = useMemo(() => rules?.checkQuote(values, files.length) ?? {}, [rules, values, files]);
  /** The message a field shows: its rule's once touched or after a send, else the server's. */
  const errorFor = (name: QuoteFieldName | "attachments") => {
    const visible = name === "attachments" || touched[name] || submitAttempted;
    return (visible && clientErrors[name]?.[0]) || serverErrors[name]?.[0];
  };
  /** An address part's message: set when a send found it wrong, gone once it is typed again. */
  const addressError = (name: AddressFieldName) => serverErrors[name]?.[0];
  const clearAddressError = (name: AddressFieldName) =>
    change(({ serverErrors: { [name]: _dropped, ...rest } }) => ({ serverErrors: rest }));

  const update = (name: QuoteFieldName, value: string) => {
    prepare();
    const next = { ...values, [name]: value };
    const startedAt = state.startedAt ?? Date.now();
    change(({ touched: wasTouched, serverErrors: { [name]: _dropped, ...rest } }) => ({
      values: next,
      startedAt,
      touched: { ...wasTouched, [name]: true },
      serverErrors: rest,
    }));
    saveDraft({ values: next, startedAt });
  };

  /** Runs one of the form's actions with the state as it is now, once its code is in. */
  const act = async <T>(run: (actions: Actions, handle: QuoteFormHandle) => T): Promise<Awaited<T>> => {
    prepare();
    const handle = { state, change, form, idempotencyKey };
    return await run(await loadActions(), handle);
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    act((actions, handle) => actions.send(handle))
      .catch((error: unknown) => {
        // The form's code could not be fetched (offline since the page loaded): no toaster either.
        window.alert(
          `Failed to send quote request: ${error instanceof Error ? error.message : String(error)}. Please try again.`,
        );
      })
      .finally(() => {
        busy.current = false;
      });
  };

  return {
    ...state,
    ready,
    errorFor,
    addressError,
    clearAddressError,
    update,
    prepare,
    /** Resolves to false when the pick was refused (or the code could not load). */
    chooseFiles: (picked: File[]) =>
      act((actions, handle) => actions.chooseFiles(handle, picked)).catch(() => false),
    removeFile: (key: string) =>
      change(({ files: chosen }) => ({ files: chosen.filter((item) => item.key !== key) })),
    submit,
    sendAnother: () => void act((actions, handle) => actions.sendAnother(handle)),
  };
}
