function escapeHtml(s: string) {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function layout(title: string, paragraphs: string[], link?: { href: string; label: string }) {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  const action = link ? `\n<p><a href="${escapeHtml(link.href)}" style="color:#2E3A59">${escapeHtml(link.label)}</a></p>` : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937">
<h1 style="color:#2E3A59;font-size:20px">${escapeHtml(title)}</h1>${body}${action}
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

export function shareInvitationEmail({ sharerName, ideaTitle, link }: { sharerName: string; ideaTitle: string; link: string }) {
  const lines = [
    `${sharerName} shared the idea "${ideaTitle}" with you on IdeaVault.`,
    "Open the link below, confirm your e-mail address with the code we will send you, and accept the confidentiality agreement to read it.",
    "The link is personal: it only works with this e-mail address.",
  ];
  return {
    subject: `${sharerName} shared an idea with you on IdeaVault`,
    text: `${lines.join("\n\n")}\n\n${link}\n`,
    html: layout("An idea was shared with you", lines, { href: link, label: "Open the shared idea" }),
  };
}

export function ndaCertificateEmail({ recipientName, sharerName, ideaTitle }: { recipientName: string; sharerName: string; ideaTitle: string }) {
  const lines = [
    `Hi ${recipientName},`,
    `You accepted the non-disclosure agreement for the idea "${ideaTitle}" shared by ${sharerName} on IdeaVault.`,
    "Your certificate of this acceptance is attached: the full agreement text, the time, and the evidence recorded. It does not contain the idea itself. You can also download it from the document viewer.",
  ];
  return {
    subject: `Your NDA certificate for "${ideaTitle}"`,
    text: `${lines.join("\n\n")}\n`,
    html: layout("Your NDA certificate", lines),
  };
}

export function recipientCodeEmail({ code }: { code: string }) {
  const lines = [
    `Your IdeaVault verification code is ${code}.`,
    "Enter it on the page that asked for it. The code expires in 10 minutes.",
    "If you did not ask for it, ignore this e-mail.",
  ];
  return {
    subject: "Your IdeaVault verification code",
    text: `${lines.join("\n\n")}\n`,
    html: layout("Your verification code", lines),
  };
}
