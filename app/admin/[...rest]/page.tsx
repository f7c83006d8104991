import { redirect } from "next/navigation";

/** Anything under /admin that is not one of its four pages goes to the overview. */
export default function UnknownAdminPage() {
  redirect("/admin");
}
