import { messages } from '@app/contracts';
import { BRAND_NAME } from '@app/ui';
import { inLanguage } from '../../../lib/language';
import { ContentPage, ContentSection, ListSection } from '../content-page';
import { RULES } from '../rules';

/** About Us in Filipino (docs/architecture.md#two-languages): the same sections and anchors as the English page. */
export function AboutInFilipino({ viewSeconds }: { viewSeconds: number }) {
  return (
    <ContentPage title="Tungkol sa amin" description={`Sino kami at paano gumagana ang ${BRAND_NAME}.`}>
      <ContentSection id="mission" title="Ang ginagawa namin">
        <p>
          Ang {BRAND_NAME} ay platform para kumita ng pera sa mga lehitimong online task. Gusto ng mga partner na totoong tao ang tumingin
          sa mga website nila; inilalista namin ang mga pagbisitang iyon bilang task at binabayaran namin ang mga member na tumatapos sa mga
          ito, sa piso.
        </p>
        <p>
          Ang isang task ay pagbukas ng partner website at pagpapanatiling bukas nito nang {viewSeconds} segundo. Diretso sa balance mo ang
          reward at sa transaction history mo, kung saan nakalista ang bawat pisong kinita o na-withdraw mo.
        </p>
      </ContentSection>
      <ListSection id="how-earnings-work" title="Paano kumikita">
        <li>
          <strong>Free plan.</strong> Hanggang {RULES.freeDailyTasks} task kada araw, bawat isa ay may reward na nakalagay sa task card
          nito.
        </li>
        <li>
          <strong>Mga VIP plan.</strong> Hanggang {RULES.vipDailyTasks} task kada araw sa loob ng {RULES.vipDays} araw, bawat isa ay may
          reward ng plan kada task. Optional ang mga plan.
        </li>
        <li>
          <strong>Mga referral.</strong> {RULES.referralBonus} kapag natapos ng in-invite mong kaibigan ang una niyang task, at{' '}
          {RULES.sponsorBonus} pa kapag na-approve ang unang VIP plan ng kaibigan.
        </li>
        <li>
          <strong>Mga payout.</strong> Mula {RULES.payoutMin} hanggang {RULES.payoutMax} kada request sa {RULES.payoutMethods}.{' '}
          {inLanguage(messages.content.payoutProcessing)}
        </li>
      </ListSection>
      <ListSection id="principles" title="Paano kami nagtatrabaho">
        <li>
          <strong>Malinaw na numero.</strong> Bawat reward, bonus, bili at payout ay isang linya sa transaction history mo; ang balance mo
          ay ang kabuuan ng mga linyang iyon.
        </li>
        <li>
          <strong>Chine-check na payout.</strong> Nire-review ng team namin ang bawat payout request bago ipadala ang pera, para patas ang
          platform para sa lahat.
        </li>
        <li>
          <strong>Walang kailangang bilhin.</strong> Libre ang pagsali, at hindi kailanman kailangang bumili para ma-withdraw ang kinita mo.
        </li>
        <li>
          <strong>May taong makakausap.</strong> {inLanguage(messages.content.supportReplies)} Mag-message sa amin mula sa chat sa kahit
          anong page.
        </li>
      </ListSection>
      <ContentSection id="success-stories" title="Mga kuwento ng tagumpay">
        <p>
          Pare-pareho ang simula ng kuwento ng bawat member: ilang task kada araw, lumalaking balance at unang payout. Hindi kami naglalabas
          ng gawa-gawang testimonial o screenshot ng kita. Ang mga numerong mahalaga ay sa iyo, nasa dashboard mo: kabuuang kita, mga
          natapos na task at mga natapos na payout.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
