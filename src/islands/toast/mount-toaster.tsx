/**
 * The toaster in a React root of its own at the end of <body>, for pages that load it on demand
 * (./toast-on-demand.ts). Mounted once per page.
 */
import { createRoot } from "react-dom/client";
import { toast } from "../../lib/toast-store";
import Toaster from "./Toaster";

let mounted = false;

export function showToast(input: Parameters<typeof toast>[0]): void {
  if (!mounted) {
    mounted = true;
    const host = document.createElement("div");
    document.body.append(host);
    createRoot(host).render(<Toaster />);
  }
  toast(input);
}
