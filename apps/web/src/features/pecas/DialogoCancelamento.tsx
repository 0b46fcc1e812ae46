import { zodResolver } from '@hookform/resolvers/zod';
import {
  cancelarPecaSchema,
  MENSAGENS,
  type Peca,
  ROTULOS_SITUACAO_VINCULO,
  SITUACOES_VINCULO,
  somenteDigitosNup,
} from '@tramite/shared';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { DialogoConfirmacao } from '../../components/DialogoConfirmacao';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoOpcoesControlado } from '../../components/formulario/CampoOpcoesControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { DialogoFormulario } from '../../components/formulario/DialogoFormulario';
import { primeiraMensagem } from '../../components/formulario/primeira-mensagem';
import { ErroHttp } from '../../lib/api';
import { buscarDocumentoPorNumero } from '../documentos/api';
import { useCancelarPeca } from './api';
import { CampoJustificativa } from './CampoJustificativa';
import { nomePeca } from './textos';

/**
 * The rules of cancelarPecaSchema, in its order, with the target of a desmembramento typed as its number (40
 * characters, as the search takes it): its id is looked up on confirming.
 */
const cancelamentoSchema = z
  .object({
    situacaoVinculo: z.enum(SITUACOES_VINCULO),
    numeroDestino: z.string(),
    justificativaCancelamento: z.string(),
  })
  .superRefine(({ situacaoVinculo, numeroDestino, justificativaCancelamento }, contexto) => {
    if (!justificativaCancelamento.trim()) {
      contexto.addIssue({
        code: 'custom',
        path: ['justificativaCancelamento'],
        message: MENSAGENS.arquivos.justificativaCancelamentoObrigatoria,
      });
    }
    if (situacaoVinculo === 'M' && !somenteDigitosNup(numeroDestino)) {
      contexto.addIssue({
        code: 'custom',
        path: ['numeroDestino'],
        message: MENSAGENS.arquivos.destinoDesmembramentoObrigatorio,
      });
    }
  });
type Cancelamento = z.infer<typeof cancelamentoSchema>;

const OPCOES_SITUACAO = [
  { valor: 'D', rotulo: ROTULOS_SITUACAO_VINCULO.D },
  { valor: 'M', rotulo: ROTULOS_SITUACAO_VINCULO.M },
] as const;

/** The target's id from its number: exactly one document must have it. */
async function idDestino({ situacaoVinculo, numeroDestino }: Cancelamento): Promise<number | null> {
  if (situacaoVinculo !== 'M') return null;
  const digitos = somenteDigitosNup(numeroDestino);
  const encontrados = (await buscarDocumentoPorNumero(numeroDestino.trim())).itens.filter(
    (documento) => somenteDigitosNup(documento.numero) === digitos,
  );
  if (encontrados.length !== 1) throw new Error(MENSAGENS.arquivos.destinoDesmembramentoNaoEncontrado);
  return (encontrados[0] as { idDocumento: number }).idDocumento;
}

/**
 * Cancels a peça as desentranhada or desmembrada (into another document, chosen by its number), with a
 * justification and a confirmation: irreversible (spec §4).
 */
export function DialogoCancelamento({ peca, aoFechar }: { peca: Peca; aoFechar: () => void }) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const cancelar = useCancelarPeca(peca.idDocumento);
  const [pendente, setPendente] = useState<Cancelamento | null>(null);
  const { control, handleSubmit } = useForm<Cancelamento>({
    resolver: zodResolver(cancelamentoSchema),
    defaultValues: { situacaoVinculo: 'D', numeroDestino: '', justificativaCancelamento: '' },
    shouldFocusError: false,
  });
  const [situacaoVinculo, numeroDestino] = useWatch({ control, name: ['situacaoVinculo', 'numeroDestino'] });

  async function confirmar(cancelamento: Cancelamento) {
    try {
      await executar('Cancelando a peça', async () => {
        const corpo = cancelarPecaSchema.parse({
          situacaoVinculo: cancelamento.situacaoVinculo,
          justificativaCancelamento: cancelamento.justificativaCancelamento,
          idDocumentoPecaDesmembramento: await idDestino(cancelamento),
        });
        await cancelar.mutateAsync({ peca, corpo });
      });
      snackbar.sucesso(MENSAGENS.arquivos.cancelado);
      setPendente(null);
      aoFechar();
    } catch (erro) {
      setPendente(null);
      const detalhe =
        erro instanceof ErroHttp ? erro.mensagemServidor : erro instanceof Error ? erro.message : undefined;
      snackbar.erro(
        detalhe ? `${MENSAGENS.arquivos.erroCancelarPeca}: ${detalhe}` : MENSAGENS.arquivos.erroCancelarPeca,
      );
    }
  }

  return (
    <>
      <DialogoFormulario
        titulo="Cancelar peça"
        descricao={`Peça ${peca.sequencial}: ${nomePeca(peca)}. O cancelamento é irreversível; a peça continua listada com o rótulo escolhido.`}
        largura="sm"
        aoEnviar={handleSubmit(setPendente, (erros) =>
          snackbar.erro(primeiraMensagem(erros) ?? MENSAGENS.geral.parametrosInvalidos),
        )}
        aoCancelar={aoFechar}
        enviando={false}
        enviarComEnter={false}
        rotuloCancelar="Voltar"
        rotuloEnviar="Cancelar peça"
        corEnviar="error"
      >
        <CampoOpcoesControlado
          control={control}
          name="situacaoVinculo"
          rotulo="Tipo de cancelamento"
          opcoes={OPCOES_SITUACAO}
          emLinha
        />
        {situacaoVinculo === 'M' ? (
          <CampoTextoControlado
            control={control}
            name="numeroDestino"
            label="Número do documento de destino"
            textoAjuda="A peça é copiada para esse documento, que deve estar na sua unidade."
            required
            fullWidth
            maxLength={40}
          />
        ) : null}
        <CampoJustificativa control={control} name="justificativaCancelamento" rotulo="Justificativa do cancelamento" />
      </DialogoFormulario>
      <DialogoConfirmacao
        aberto={pendente !== null}
        titulo="Confirmar cancelamento da peça"
        rotuloConfirmar={situacaoVinculo === 'M' ? 'Desmembrar' : 'Desentranhar'}
        ocupado={cancelar.isPending}
        aoConfirmar={() => (pendente ? confirmar(pendente) : undefined)}
        aoCancelar={() => setPendente(null)}
      >
        “{nomePeca(peca)}” será marcada como {ROTULOS_SITUACAO_VINCULO[situacaoVinculo].toLowerCase()}
        {situacaoVinculo === 'M' ? ` e copiada para o documento ${numeroDestino.trim()}` : ''}. Esta ação não pode ser
        desfeita.
      </DialogoConfirmacao>
    </>
  );
}
