import { test, expect } from "./fixtures";
for (const variant of ["asis", "waitAfterPara", "noPara"]) test("seq " + variant, async ({ page, createUser, loginAs }) => {
  const user = await createUser();
  await loginAs(page, user);
  await page.goto("/editor/new");
  const editor = page.getByRole("textbox", { name: "Idea content" });
  await expect(editor.locator("h1")).toHaveText(["My Idea"]);
  await page.evaluate(() => {
    const ed = (document.querySelector(".ProseMirror") as any).editor;
    (window as any).__log = [];
    ed.on("transaction", ({ transaction }: any) => { (window as any).__log.push((transaction.getMeta("preventUpdate") ? "EXT " : "") + transaction.docChanged + " " + JSON.stringify(ed.getText().slice(0, 30))); });
  });
  await page.getByRole("textbox", { name: "Idea title" }).fill("T " + variant);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  if (variant !== "noPara") await page.getByRole("toolbar").getByRole("button", { name: "Paragraph", exact: true }).click();
  if (variant === "waitAfterPara") await page.waitForTimeout(500);
  await page.keyboard.type("Bold text");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Italic text");
  await page.waitForTimeout(500);
  console.log(variant, JSON.stringify(await editor.innerHTML()));
  console.log((await page.evaluate(() => (window as any).__log)).join("\n"));
});
