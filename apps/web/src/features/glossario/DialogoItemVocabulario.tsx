import { zodResolver } from '@hookform/resolvers/zod';
import { Dialog, DialogTitle } from '@mui/material';
import { type ItemGlossario, MENSAGENS, type SalvarItemGlossario, salvarItemGlossarioSchema } from '@tramite/shared';
import { useEffect, useMemo } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { useCarregamento } from '../../components/feedback/contexto-carregamento';
import { useSnackbar } from '../../components/feedback/contexto-snackbar';
import { CampoSelecaoControlado } from '../../components/formulario/CampoSelecaoControlado';
import { CampoTextoControlado } from '../../components/formulario/CampoTextoControlado';
import { FormularioDialogo, marcarErrosDoServidor } from '../../components/formulario/FormularioDialogo';
import { mensagemComDetalhe } from '../../lib/api';
import { useErroConsulta } from '../../lib/use-erro-consulta';
import { useAssuntosDoTipo } from '../tipos-documentos/api';
import { useSalvarItemVocabulario, useTiposParaVocabulario } from './api';

const CAMPOS: readonly FieldPath<SalvarItemGlossario>[] = ['idTipoDocumento', 'idAssunto', 'descricao', 'detalhamento'];
const ID_TITULO = 'titulo-dialogo-item-vocabulario';

interface DialogoItemVocabularioProps {
  aberto: boolean;
  /** The item being edited, or null for a new one. */
  item: ItemGlossario | null;
  onFechar: () => void;
}

/** Add or edit a glossary item: document type, one of its assignable subjects, description and detail. */
export function DialogoItemVocabulario({ aberto, item, onFechar }: DialogoItemVocabularioProps) {
  return (
    <Dialog open={aberto} onClose={onFechar} aria-labelledby={ID_TITULO} fullWidth maxWidth="sm">
      <DialogTitle id={ID_TITULO}>
        {item ? 'Editar item do vocabulário controlado' : 'Novo item do vocabulário controlado'}
      </DialogTitle>
      {/* The dialog unmounts its content once closed: every opening starts a fresh form. */}
      <FormularioItem item={item} onFechar={onFechar} />
    </Dialog>
  );
}

const numeroOuNulo = (valor: unknown) => (typeof valor === 'number' && valor > 0 ? valor : null);

function FormularioItem({ item, onFechar }: { item: ItemGlossario | null; onFechar: () => void }) {
  const snackbar = useSnackbar();
  const { executar } = useCarregamento();
  const salvar = useSalvarItemVocabulario();
  const { control, handleSubmit, setError, setValue, getValues, formState } = useForm({
    resolver: zodResolver(salvarItemGlossarioSchema),
    defaultValues: {
      idTipoDocumento: item?.idTipoDocumento ?? '',
      idAssunto: item?.idAssunto ?? '',
      descricao: item?.descricao ?? '',
      detalhamento: item?.detalhamento ?? '',
    },
  });
  const idTipo = numeroOuNulo(useWatch({ control, name: 'idTipoDocumento' }));

  const tipos = useTiposParaVocabulario();
  const assuntos = useAssuntosDoTipo(idTipo);
  useErroConsulta(tipos.error, (erro) => mensagemComDetalhe(MENSAGENS.lookups.erroBuscarTiposDocumento, erro));
  useErroConsulta(assuntos.error, (erro) => mensagemComDetalhe(MENSAGENS.autuacao.erroCarregarListaAssuntos, erro));

  // An item of a type that no longer qualifies keeps its type (and subject) on the list, so it can still be edited.
  const opcoesTipo = useMemo(() => {
    const lista = (tipos.data ?? []).map((tipo) => ({ valor: tipo.id, rotulo: tipo.descricao }));
    if (item && !lista.some((tipo) => tipo.valor === item.idTipoDocumento)) {
      lista.unshift({ valor: item.idTipoDocumento, rotulo: item.tipoDocumento });
    }
    return lista;
  }, [tipos.data, item]);
  const opcoesAssunto = useMemo(() => {
    const lista = (assuntos.data ?? [])
      .filter((assunto) => assunto.atribuivel)
      .map((assunto) => ({ valor: assunto.id, rotulo: `${assunto.codigo} — ${assunto.descricao}` }));
    if (item && idTipo === item.idTipoDocumento && !lista.some((assunto) => assunto.valor === item.idAssunto)) {
      lista.unshift({ valor: item.idAssunto, rotulo: `${item.codigoAssunto} — ${item.descricaoAssunto}` });
    }
    return lista;
  }, [assuntos.data, item, idTipo]);

  // A subject of another type is cleared; a type with a single assignable subject gets it pre-selected.
  useEffect(() => {
    if (!assuntos.data) return;
    const atual = numeroOuNulo(getValues('idAssunto'));
    if (atual !== null && opcoesAssunto.some((assunto) => assunto.valor === atual)) return;
    const unico = opcoesAssunto.length === 1 ? opcoesAssunto[0] : undefined;
    setValue('idAssunto', unico ? unico.valor : '');
  }, [assuntos.data, opcoesAssunto, getValues, setValue]);

  const enviar = handleSubmit(async (dados) => {
    try {
      await executar('Salvando item do vocabulário controlado', () =>
        salvar.mutateAsync({
          id: item?.idItemGlossario ?? null,
          dados: { ...dados, detalhamento: dados.detalhamento ? dados.detalhamento : null },
        }),
      );
      snackbar.sucesso(MENSAGENS.lookups.itemSalvo);
      onFechar();
    } catch (erro) {
      marcarErrosDoServidor(erro, CAMPOS, setError);
      snackbar.erro(mensagemComDetalhe(MENSAGENS.lookups.erroSalvarVocabulario, erro));
    }
  });

  return (
    <FormularioDialogo idTitulo={ID_TITULO} aoEnviar={enviar} aoCancelar={onFechar} enviando={formState.isSubmitting}>
      <CampoSelecaoControlado
        control={control}
        name="idTipoDocumento"
        id="campo-tipo-documento"
        rotulo="Tipo de documento"
        required
        opcoes={opcoesTipo}
        erro={tipos.isError}
        textoAjuda={tipos.isError ? MENSAGENS.lookups.erroBuscarTiposDocumento : 'Tipos com assuntos atribuíveis.'}
      />
      <CampoSelecaoControlado
        control={control}
        name="idAssunto"
        id="campo-assunto"
        rotulo="Assunto"
        required
        disabled={idTipo === null}
        opcoes={opcoesAssunto}
        erro={assuntos.isError}
        textoAjuda={
          assuntos.isError
            ? MENSAGENS.autuacao.erroCarregarListaAssuntos
            : idTipo === null
              ? 'Escolha antes o tipo de documento.'
              : 'Somente assuntos atribuíveis ao tipo escolhido.'
        }
      />
      <CampoTextoControlado
        control={control}
        name="descricao"
        id="campo-descricao"
        label="Descrição"
        required
        maxLength={300}
      />
      <CampoTextoControlado
        control={control}
        name="detalhamento"
        id="campo-detalhamento"
        label="Detalhamento"
        multiline
        minRows={3}
        textoAjuda="Quando usar este tipo e assunto, o que anexar, por onde passa."
        maxLength={4000}
      />
    </FormularioDialogo>
  );
}
