function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function layout(title: string, paragraphs: string[], link: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<h1 style="color:#2E3A59;font-size:20px">${escapeHtml(title)}</h1>${body}
<p><a href="${escapeHtml(link.href)}" style="color:#2E3A59">${escapeHtml(link.label)}</a></p>
<p style="color:#6b7280;font-size:12px">IdeaVault — share unpublished ideas safely.</p></body></html>`;
}

export function passwordResetEmail({ name, link }: { name: string; link: string }) {
  const lines = [
    `Hi ${name},`,
    "Someone asked to reset the password of your IdeaVault account. The link below works once and expires in 1 hour.",
    "If it was not you, ignore this e-mail: your password stays as it is.",
  ];
  return {
    subject: "Reset your IdeaVault password",
    text: `${lines.join("\n\n")}\n\n${link}\n`,
    html: layout("Reset your password", lines, { href: link, label: "Set a new password" }),
  };
}

export function inviteEmail({ link }: { link: string }) {
  const lines = ["You have been invited to IdeaVault, the invite-only place to share unpublished ideas under NDA.", "The invitation expires in 14 days."];
  return {
    subject: "Your invitation to IdeaVault",
    text: `${lines.join("\n\n")}\n\n${link}\n`,
    html: layout("You're invited to IdeaVault", lines, { href: link, label: "Create your account" }),
  };
}
